// Plain constants with no zod behind them, importable by browser code without pulling zod into the page's bundle
// (`@shop/contracts/constants`). common.ts re-exports them for everything else.

/** Default page sizes of spec core §9: lists 10, groups 6, results 5, giveaways 9, blog 12. */
export const PAGE_SIZES = { default: 10, groups: 6, results: 5, giveaways: 9, blog: 12 } as const;
export const MAX_PAGE_LIMIT = 100;

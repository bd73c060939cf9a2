// The pure lottery domain: rules and display text that need no I/O (today the spec's draw and jackpot labels;
// later issues add game definitions, entry validation, systems, scoring, prizes and quickpick). Depends only on @shop/contracts.
export * from './labels.ts';

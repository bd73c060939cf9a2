// snake_case on the wire, camelCase in code (DESIGN.md §4): the conversion lives in @shop/protocol, shared with the
// storefront's api client. It is depth-bounded: NestingTooDeepError means a hostile body, answered 400.
export {
  camelToSnake,
  camelizeKeys,
  isForbiddenKey,
  NestingTooDeepError,
  snakeToCamel,
  snakeizeKeys,
  wireFieldPath,
} from '@shop/protocol';

// Forms check the contracts' schemas in the browser too, with the house messages of spec features §5. The messages
// are installed here, when a form first validates, not when the page starts: the first page of a visit then loads
// no validation library (issue 22, initial JS). The server installs them at start-up (entry.server.tsx).
import { parseWithZod } from '@conform-to/zod/v4';
import { useShopErrorMessages } from '@shop/contracts';

/** conform's `parseWithZod`, with the house messages installed first: every form's `onValidate`. */
export const validateForm = ((...args: Parameters<typeof parseWithZod>) => {
  useShopErrorMessages();
  return parseWithZod(...args);
}) as typeof parseWithZod;

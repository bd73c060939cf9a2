// The address flag that opens the precart drawer after an add (`?precart=1`): read by the layout's drawer host on
// every page, so apart from the cart's rules (the host and the drawer's content both import it).
export const PRECART_PARAM = 'precart';

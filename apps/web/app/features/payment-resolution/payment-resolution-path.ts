// The resolution screen's address: apart from the banner because the layout checks it on every page and loads the
// banner only for a customer whose payment failed (ui/deferred-part.tsx).
export const PAYMENT_RESOLUTION_PATH = '/my-account/payment-resolution';

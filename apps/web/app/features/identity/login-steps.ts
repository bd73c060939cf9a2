// Login flow steps (spec core §4, features §9): the step numbers the checkout login shows.
export const LOGIN_FLOW_STEPS = {
  login_register: 1,
  login: 2,
  register: 2,
  '2fa': 2,
  select_payment: 3,
} as const;

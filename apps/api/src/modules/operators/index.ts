// Operators domain: the people who run the shop (back-office accounts, sessions, roles, the audit log). Other code
// imports only from here.
export {
  createOperatorsService,
  type OperatorCrypto,
  type OperatorsDeps,
  type OperatorsService,
} from './operators.service.ts';
export { operatorGate, operatorOf, type RequireOperator } from './operators.http.ts';
export { can, PERMISSIONS, type Permission } from './operators.permissions.ts';
export { operatorsRoutes, type OperatorsRoutesOptions } from './operators.routes.ts';

export { accountsRoutes } from './accounts.routes.js';
export { createAccountWithAdmin, checkAccountIdentifier } from './signup.service.js';
export { findUserByUsername } from './accounts.repo.js';

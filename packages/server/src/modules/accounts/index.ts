export { accountsRoutes } from './accounts.routes.js';
export { createAccountWithAdmin, insertAccountWithAdmin, checkAccountIdentifier } from './signup.service.js';
export { accountHooks, type PasswordReplaced, type TrialStarted } from './hooks.js';
export { findUserById, findUserByUsername, setUserPassword, updateAccountSettings } from './accounts.repo.js';
export { issueOneTimeToken } from './one-time-tokens.js';
export { passwordResetTokens, findAccountById, findActiveAdmins, findAccountByIdentifier, exemptAccountByIdentifier } from './accounts.repo.js';
export { sendMail } from './mails.js';
export { issueResetLink, sendPasswordResetMail } from './password-reset.service.js';
export { demoAccountExists, isDemoAccount, refuseOnDemo } from './demo-account.js';

export { accountsRoutes } from './accounts.routes.js';
export { createAccountWithAdmin, insertAccountWithAdmin, checkAccountIdentifier, registerTrialStarted } from './signup.service.js';
export { findUserById, findUserByUsername, setUserPassword, updateAccountSettings } from './accounts.repo.js';
export { issueOneTimeToken } from './one-time-tokens.js';
export { passwordResetTokens, findAccountById, findAccountByIdentifier, exemptAccountByIdentifier } from './accounts.repo.js';
export { sendMail } from './mails.js';
export { issueResetLink, registerPasswordReplaced, sendPasswordResetMail } from './password-reset.service.js';
export { demoAccountExists, isDemoAccount, refuseOnDemo } from './demo-account.js';

export { authRoutes } from './auth.routes.js';
export { secondFactorRoutes } from './second-factors.routes.js';
export { presentLoggedUser } from './auth.service.js';
export { findLoginTokenById } from './auth.repo.js';
export { assertLoginAllowed, recordLoginFailure } from './login-limiter.js';
export { issueTokens, type IssueOptions, type SignInMeta } from './sign-in.js';
export { answerSignIn, clearRenewalCookie, type SignedIn } from './renewal-cookie.js';

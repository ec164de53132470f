export { authRoutes } from './auth.routes.js';
export { secondFactorRoutes } from './second-factors.routes.js';
export { presentLoggedUser } from './auth.service.js';
export { assertLoginAllowed, recordLoginFailure } from './login-limiter.js';

export { encryptionRoutes } from './encryption.routes.js';
export { dropKeysOnPasswordReset } from './encryption.service.js';

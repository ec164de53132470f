export { encryptionRoutes } from './encryption.routes.js';
export { accountSeals, dropKeysOnPasswordReset, sealingKeyOf } from './encryption.service.js';

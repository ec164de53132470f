export { encryptionRoutes } from './encryption.routes.js';
export { accountSeals, dropKeysOfRemovedUser, dropKeysOnPasswordReset, sealingKeyOf } from './encryption.service.js';

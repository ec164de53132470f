export * from './keys.js';
export * from './seal.js';
export * from './seal-body.js';
export { fromBase64Url, toBase64Url } from './encoding.js';
export * from './pin.js';

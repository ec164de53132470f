export * from './keys.js';
export * from './seal.js';
export { fromBase64Url, toBase64Url } from './encoding.js';

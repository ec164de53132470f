export { imagesRoutes } from './images.routes.js';
export { imageUrl, mailLogoOf, requireImageOfAccount, storeImageOfAccount } from './images.service.js';
export { imageAsPng } from './image-processing.js';
export { findImageBytes, findImageOfAccount } from './images.repo.js';

export { archiveRoutes } from './archive.routes.js';

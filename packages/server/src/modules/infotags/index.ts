export { infoTagsRoutes } from './infotags.routes.js';

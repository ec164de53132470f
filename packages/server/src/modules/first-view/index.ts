/** The ticket, draw and booking pages with their first view rendered in (issue 44 §1). */
export { firstViews, type FirstViewPage } from './first-view.js';
export { admittingBootScript } from './page.js';
export { compressedFor } from './compress.js';

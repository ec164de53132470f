export { auditRoutes } from './audit.routes.js';
export { registerAuditHook, AUDITED_ROUTES } from './audited-routes.js';
export { recordAudit, recordRead, whoOf, type AuditWho, type AuditSubject } from './record.js';
export { deleteAuditBefore, insertAuditEntry, type NewAuditEntry } from './audit.repo.js';

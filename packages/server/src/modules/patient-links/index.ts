/*
 * Patient links (docs/security.md#patient-links): the random secrets that open a ticket or an
 * appointment without a login. A module of its own below tickets and appointments, which mint
 * and resolve them; it calls nobody.
 */
export { dropLinks, insertMemberLinkSql, linkAppointmentToMember, mintLink, mintLinks, resolveLink, type LinkTarget } from './patient-links.repo.js';
export { appointmentUrl, newLinkToken, ticketUrl } from './link-token.js';

import type { FastifyRequest } from 'fastify';
import { pickLanguage, type SupportedLang } from '@wartefrei/shared';

/** The language the caller asked for with Accept-Language (German when absent). */
export function requestLang(req: FastifyRequest): SupportedLang {
  return pickLanguage(req.headers['accept-language']);
}

import type { FastifyReply } from 'fastify';

export interface FileAnswer {
  contentType: string;
  body: Buffer | Uint8Array | string;
  /** `attachment; filename=…` or `inline; filename=…`, already encoded. */
  disposition?: string;
  cacheControl?: string;
  /** Let a browser's script read the Content-Disposition file name. */
  exposeDisposition?: boolean;
}

/** Answers a file endpoint (PDF, image, CSV, zip): the body with its headers. */
export function sendFile(reply: FastifyReply, file: FileAnswer): FastifyReply {
  reply
    .header('content-type', file.contentType)
    .header('cache-control', file.cacheControl ?? 'private, no-store');
  if (file.disposition) reply.header('content-disposition', file.disposition);
  if (file.exposeDisposition) reply.header('access-control-expose-headers', 'Content-Disposition');
  return reply.send(file.body);
}

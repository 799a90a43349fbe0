import type { FastifyReply } from 'fastify';

/** A file name from a test's name: letters, digits, spaces and dashes only (the header stays plain). */
const fileName = (name: string, extension: string) =>
  `${
    name
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 80) || 'export'
  }.${extension}`;

const disposition = (name: string, extension: string) => {
  const file = fileName(name, extension);
  const ascii = file.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file)}`;
};

export const sendCsv = (reply: FastifyReply, name: string, body: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', disposition(name, 'csv'))
    // A byte-order mark: Excel then reads the file as UTF-8 (names in Devanagari, ±, …).
    .send(`\uFEFF${body}`);

export const sendXlsx = (reply: FastifyReply, name: string, body: Buffer) =>
  reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', disposition(name, 'xlsx'))
    .send(body);

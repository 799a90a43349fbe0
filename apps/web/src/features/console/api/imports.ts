import { importsApiPaths, type CreateImportBody, type ImportJob } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** Imports in the browser (docs/decisions/0026-imports-in-the-browser.md): start one, then poll it. */
export const importsApi = api.injectEndpoints({
  endpoints: (build) => ({
    startImport: build.mutation<ImportJob, CreateImportBody>({
      query: (body) => ({ url: importsApiPaths.imports, method: 'POST', body }),
    }),
    getImport: build.query<ImportJob, string>({
      query: (id) => ({ url: importsApiPaths.import.replace(':id', encodeURIComponent(id)) }),
      keepUnusedDataFor: 0,
    }),
  }),
});
export const { useStartImportMutation, useLazyGetImportQuery } = importsApi;

import { adminEditPaths, type QuestionFigure, type QuestionFigureBody } from '@ai-tutor/contract';
import { api } from '../../../lib/api-client';

/** A figure uploaded in the question editor (docs/question-bank.md#figures). */
export const questionFigureApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadFigure: build.mutation<QuestionFigure, { id: string; body: QuestionFigureBody }>({
      query: ({ id, body }) => ({
        url: adminEditPaths.questionFigures.replace(':id', encodeURIComponent(id)),
        method: 'POST',
        body,
      }),
    }),
  }),
});
export const { useUploadFigureMutation } = questionFigureApi;

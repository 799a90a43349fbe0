import { api } from '../../../lib/api-client';

/** The shared client with this feature's cache tag: the learner's LinkedIn connection. */
export const linkedinApi = api.enhanceEndpoints({ addTagTypes: ['LinkedinConnection'] });

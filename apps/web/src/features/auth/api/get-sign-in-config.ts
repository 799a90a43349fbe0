/** The login and register screens read GET /v1/config through the app's one loader (src/lib). */
export { usePublicConfig as useSignInConfig } from '../../../lib/public-config';

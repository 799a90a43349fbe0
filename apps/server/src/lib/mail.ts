/** One mail as the mailer (plugins/app/mailer.ts) sends it and the services write it. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

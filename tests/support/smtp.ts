/**
 * A mail server in the test's own process (smtp-server) for a runtime given its SMTP_URL: it takes
 * any sign-in, offers no TLS upgrade (the sender talks plain SMTP over loopback) and keeps every
 * mail, read back with mailparser.
 */
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export class TestMailServer {
  readonly received: ParsedMail[] = [];
  port = 0;
  #server: SMTPServer | undefined;

  /** Starts listening (on `port`, else the port it had, else a free one); the URL for SMTP_URL. */
  async start(port = this.port): Promise<string> {
    const server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (auth, _session, done) => done(null, { user: auth.username }),
      onData: (stream, _session, done) => {
        simpleParser(stream).then(
          (mail) => (this.received.push(mail), done()),
          (error: Error) => done(error),
        );
      },
    });
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(port, '127.0.0.1', () => ok());
    });
    this.#server = server;
    this.port = (server.server.address() as { port: number }).port;
    return `smtp://office:secret@127.0.0.1:${this.port}`;
  }

  stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    return new Promise((ok) => (server ? server.close(() => ok()) : ok()));
  }
}

/** The first recipient's address of a mail. */
export const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;

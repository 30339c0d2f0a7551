import net from 'node:net';

/** One message as the sink saw it: its Message-ID header and when its DATA ended (ms since the epoch). */
export interface SinkMessage {
  messageId: string;
  at: number;
  raw: string;
}

/** What the sink does with a message whose DATA has arrived: answer 250, or never answer (a send cut off mid-way). */
export type SinkDecision = 'accept' | 'hold';

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL or nodemailer. */
  url: string;
  /** Messages answered with 250 (accepted for delivery), in order. */
  accepted: SinkMessage[];
  /** Messages whose DATA arrived, accepted or not, in order. */
  received: SinkMessage[];
  close(): Promise<void>;
}

/**
 * A small real SMTP server on 127.0.0.1 for tests and benches (no TLS, no AUTH): it speaks enough of RFC 5321
 * for nodemailer, records every message, and lets the caller decide per message whether to accept it or leave
 * the client waiting for an answer, as a send cut off by a crash would.
 */
export async function startSmtpSink(
  decide: (message: SinkMessage) => SinkDecision = () => 'accept',
): Promise<SmtpSink> {
  const accepted: SinkMessage[] = [];
  const received: SinkMessage[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let data = '';
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    reply('220 sink ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const message: SinkMessage = {
            messageId: /^Message-ID:\s*(\S+)/im.exec(data)?.[1] ?? '',
            at: Date.now(),
            raw: data,
          };
          data = '';
          received.push(message);
          if (decide(message) === 'hold') return;
          accepted.push(message);
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-sink\r\n250 8BITMIME');
        else if (verb === 'HELO' || verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP')
          reply('250 OK');
        else if (verb === 'DATA') {
          inData = true;
          // The message may begin in the same chunk; the loop reads it from the buffer.
          buffer = `\r\n${buffer}`;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
          return;
        } else reply('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

import { isLoopback } from '../../../config';
import { fail, pass, type Check, type Finding } from '../types';

/**
 * HOST and TRUST_PROXY against APP_URL: a portal behind a TLS proxy must believe that proxy's
 * X-Forwarded-For (or every client has the proxy's IP, and one client's failed sign-ins lock out
 * everyone), and a portal that listens on loopback only can be reached by a proxy on this machine alone.
 */
export const checkNetwork: Check = async ({ config }) => {
  const findings: Finding[] = [];
  const publicUrl = new URL(config.appUrl);
  const publicHost = publicUrl.hostname.replace(/^\[|\]$/g, '');
  if (isLoopback(config.host) && !isLoopback(publicHost))
    findings.push(
      pass(
        'HOST',
        `${config.host}: only a proxy on this machine can reach the portal (APP_URL is ${publicUrl.origin})`,
      ),
    );
  else findings.push(pass('HOST', `listens on ${config.host}:${config.port}`));

  const trusted = config.trustProxy;
  if (trusted === false && publicUrl.protocol === 'https:')
    findings.push(
      fail(
        'TRUST_PROXY',
        `off, but APP_URL is https: a proxy terminates TLS, so every client would have the proxy's IP`,
        'set TRUST_PROXY=1 (one proxy in front) or the proxies\' addresses (docs/operations.md "Behind a proxy")',
      ),
    );
  else if (typeof trusted === 'number' && trusted > 3)
    findings.push(
      fail(
        'TRUST_PROXY',
        `${trusted} hops: more proxies than a deployment usually has, so a client may choose its IP`,
        'set it to the number of proxies in front exactly, or list their addresses',
      ),
    );
  else
    findings.push(
      pass(
        'TRUST_PROXY',
        trusted === false
          ? 'off: the socket address is the client (no proxy in front)'
          : typeof trusted === 'number'
            ? `${trusted} proxy hop${trusted === 1 ? '' : 's'}`
            : `the proxies ${trusted.join(', ')}`,
      ),
    );
  return findings;
};

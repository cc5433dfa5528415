import { Button } from '../../../ui/Button';

export const STF_TEXT = {
  heading: 'Device control is not running on this host',
  what:
    'Device Control shows DeviceFarmer STF (Smartphone Test Farm), an open-source web application that lets you see and ' +
    'control real Android devices from the browser. This page embeds it from port {port} of this host, and nothing answers there.',
  dockerHeading: 'Run it with Docker',
  npmHeading: 'Or install it with npm',
  connect:
    'Connect Android devices to this host by USB with USB debugging on; they appear in STF. STF must allow being framed by this page.',
  retry: 'Retry',
} as const;

export interface StfSetupGuideProps {
  host: string;
  port: number;
  onRetry: () => void;
  retrying: boolean;
}

/** What STF is and how to run it where this page looks for it, with Retry. */
export function StfSetupGuide({ host, port, onRetry, retrying }: StfSetupGuideProps) {
  const address = host === 'localhost' || host === '127.0.0.1' ? '<this host\u2019s IP address>' : host;
  const docker = [
    'docker run -d --name rethinkdb --net host rethinkdb:2.4',
    'docker run -d --name adbd --privileged -v /dev/bus/usb:/dev/bus/usb --net host devicefarmer/adb:latest',
    `docker run -d --name stf --net host devicefarmer/stf:latest stf local --public-ip ${address} --port ${port} --allow-remote`,
  ].join('\n');
  const npm = ['npm install -g @devicefarmer/stf', `stf local --public-ip ${address} --port ${port} --allow-remote`].join('\n');
  return (
    <section className="ui-card stf-guide" aria-labelledby="stf-guide-heading">
      <h2 id="stf-guide-heading">{STF_TEXT.heading}</h2>
      <p>{STF_TEXT.what.replace('{port}', String(port))}</p>
      <h3>{STF_TEXT.dockerHeading}</h3>
      <pre className="stf-guide__commands">
        <code>{docker}</code>
      </pre>
      <h3>{STF_TEXT.npmHeading}</h3>
      <p>It needs Node.js, RethinkDB, ADB, GraphicsMagick, ZeroMQ and Protocol Buffers installed on this host.</p>
      <pre className="stf-guide__commands">
        <code>{npm}</code>
      </pre>
      <p>{STF_TEXT.connect}</p>
      <Button variant="primary" onPress={onRetry} isPending={retrying}>
        {STF_TEXT.retry}
      </Button>
    </section>
  );
}

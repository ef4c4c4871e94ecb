import { validateSync } from 'class-validator';
import { IsNatsUrls, isNatsUrls, natsServers, streamReplicas } from './nats-servers';

describe('natsServers', () => {
  it('splits a comma-separated list and trims the blanks', () => {
    expect(natsServers('nats://a:4222')).toEqual(['nats://a:4222']);
    expect(natsServers('nats://127.0.0.1:1, nats://127.0.0.1:2,nats://127.0.0.1:3')).toEqual([
      'nats://127.0.0.1:1',
      'nats://127.0.0.1:2',
      'nats://127.0.0.1:3',
    ]);
  });
});

describe('isNatsUrls', () => {
  it.each([
    'nats://nats:4222',
    'nats://nats.nats.svc.cluster.local:4222',
    'tls://user:pw@nats-0:4222',
    'nats://127.0.0.1:30222,nats://127.0.0.1:30223,nats://127.0.0.1:30224',
    'nats://[::1]:4222',
  ])('takes %s', (v) => expect(isNatsUrls(v)).toBe(true));

  it.each([
    '',
    'http://nats:4222',
    'nats://a:4222,',
    'nats://a:4222,,nats://b:4222',
    'nats://a:4222,http://b:1',
    'nats://a b:4222',
    42,
    undefined,
  ])('refuses %p', (v) => expect(isNatsUrls(v)).toBe(false));

  it('names the variable in its message', () => {
    class Env {
      @IsNatsUrls()
      NATS_URL = 'mongodb://x';
    }
    const [error] = validateSync(new Env());
    expect(Object.values(error!.constraints!)).toEqual([
      'NATS_URL must be one or more nats:// or tls:// URLs separated by commas',
    ]);
  });
});

describe('streamReplicas', () => {
  it('is 1 unless NATS_STREAM_REPLICAS says otherwise', () => {
    expect(streamReplicas({})).toBe(1);
    expect(streamReplicas({ NATS_STREAM_REPLICAS: '' })).toBe(1);
    expect(streamReplicas({ NATS_STREAM_REPLICAS: '3' })).toBe(3);
    expect(streamReplicas({ NATS_STREAM_REPLICAS: '5' })).toBe(5);
  });

  it.each(['0', '6', '2.5', 'three', '-1', '3x'])('stops on %p, naming the variable', (v) => {
    expect(() => streamReplicas({ NATS_STREAM_REPLICAS: v })).toThrow(
      /^NATS_STREAM_REPLICAS must be an integer from 1 to 5/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS, loadConfig } from '../../gateway/config';

describe('the configuration, from the environment', () => {
  it('takes the defaults, an empty value counting as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: ' ' });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'http://localhost:8080',
      databaseUrl: null,
      demoData: 'small',
      serveSourceMaps: false,
      pushServiceHosts: DEFAULT_PUSH_SERVICE_HOSTS,
      pushPermittedAddresses: [],
      vapidKeys: null,
    });
    expect(config.links['privacy-policy']).toBeNull();
  });

  it('reads each kind of value', () => {
    const config = loadConfig({
      PORT: '9000',
      PUBLIC_URL: 'https://torque.example//',
      SERVE_SOURCE_MAPS: 'TRUE',
      PUSH_SERVICE_HOSTS: ' Push.Example , ,other.example:8443',
      VAPID_PUBLIC_KEY: 'pub',
      VAPID_PRIVATE_KEY: 'priv',
      LINK_COMMUNITY: 'https://community.example',
    });
    expect(config).toMatchObject({
      port: 9000,
      publicUrl: 'https://torque.example',
      serveSourceMaps: true,
      pushServiceHosts: ['push.example', 'other.example:8443'],
      vapidKeys: { publicKey: 'pub', privateKey: 'priv' },
    });
    expect(config.links.community).toBe('https://community.example');
  });

  it('refuses a bad value, naming the variable and what it got', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      'PORT must be a positive number, got "eighty"',
    );
    expect(() => loadConfig({ PUSH_BATCH: '0' })).toThrow('PUSH_BATCH must be a positive number');
    expect(() => loadConfig({ DEMO_DATA: 'huge' })).toThrow(
      'DEMO_DATA must be small, large or none, got "huge"',
    );
    expect(() => loadConfig({ SERVE_SOURCE_MAPS: 'yes' })).toThrow(
      'SERVE_SOURCE_MAPS must be true or false, got "yes"',
    );
    expect(() => loadConfig({ OIDC_AUTHORITY: 'https://idp.example' })).toThrow(
      'OIDC_AUTHORITY and OIDC_CLIENT_ID must be set together',
    );
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: 'priv' })).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    );
  });
});

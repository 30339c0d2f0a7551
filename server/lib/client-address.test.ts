import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.ts';

describe('addressKey', () => {
  it('keeps IPv4 addresses, also when written IPv4-mapped', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:0:0:0:9%eth0',
      '2001:db8:1:2::10.0.0.1',
    ].map(addressKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

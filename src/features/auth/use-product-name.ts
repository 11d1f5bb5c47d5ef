import { useEffect, useState } from 'react';
import { getRemoteConfig } from '../../api/config';

/**
 * The configured product name for the sign-in pages. They do not open the local database
 * (it is not needed to sign in), so they ask the public config endpoint; `Torque` until then.
 */
export function useProductName(): string {
  const [name, setName] = useState('Torque');
  useEffect(() => {
    let live = true;
    getRemoteConfig().then(
      (c) => live && setName(c.productName),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return name;
}

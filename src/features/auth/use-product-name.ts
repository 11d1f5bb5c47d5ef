import { useEffect, useState } from 'react';
import { getRemoteConfig } from '../../api/config';
import { servedProductName } from '../../components/product-name';

/**
 * The configured product name for the sign-in pages. They do not open the local database
 * (it is not needed to sign in), so they ask the public config endpoint; until it answers,
 * the name the gateway wrote into index.html.
 */
export function useProductName(): string {
  const [name, setName] = useState(servedProductName);
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

import type { Address } from '@winery/domain';
import { addressLines } from './address-format';

/** An address as it is written on an envelope, for the checkout's cards and review. */
export function AddressLines({ address, lines: given }: { address?: Address; lines?: readonly string[] }) {
  const lines = given ?? (address ? addressLines(address) : []);
  return (
    <span className="address-lines">
      {lines.map((line, index) => (
        <span key={index} className={index === 0 ? 'address-lines__first' : 'address-lines__line'}>
          {line}
          {index < lines.length - 1 ? <span className="visually-hidden">, </span> : null}
        </span>
      ))}
    </span>
  );
}

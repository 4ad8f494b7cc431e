import type { PaymentGatewayName } from '../../env.js';
import type { PaymentGateway } from './payment-gateway.js';
import { createTestGateway, loadTestGatewayFingerprintKey, testGatewayFingerprintKeyPath, testGatewayLedgerPath } from './test-gateway.js';

/**
 * The gateway PAYMENT_GATEWAY names (env.ts lists the names). Given the data directory, the test
 * gateway keeps its records and the key of its card fingerprints there, so that like a real
 * gateway it outlives the API process (a crash, a restart). The interface (payment-gateway.ts) knows none of them.
 */
export function createPaymentGateway(name: PaymentGatewayName, options: { dataDir?: string; testFingerprintKey?: Buffer } = {}): PaymentGateway {
  switch (name) {
    case 'test': {
      // TEST_GATEWAY_FINGERPRINT_KEY, when set, wins over the key kept in DATA_DIR: instances on
      // several machines then fingerprint a card alike.
      const fingerprintKey = options.testFingerprintKey ?? (options.dataDir ? loadTestGatewayFingerprintKey(testGatewayFingerprintKeyPath(options.dataDir)) : undefined);
      return createTestGateway({
        ...(options.dataDir ? { ledgerPath: testGatewayLedgerPath(options.dataDir) } : {}),
        ...(fingerprintKey ? { fingerprintKey } : {}),
      });
    }
  }
}

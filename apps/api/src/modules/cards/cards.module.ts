import type { ApiModule, ModuleParts } from '../module-parts.js';
import { createCardTokenizer } from './card-tokenizer.js';
import { createCardsRepository } from './cards.repository.js';
import { cardsRoutes } from './cards.routes.js';
import { createCardsService } from './cards.service.js';

/** The tokenizer as the app's parts configure it: saving a card and paying with a new one share it (orders). */
export const cardTokenizerFrom = ({ paymentGateway, counter, settings, log, now }: ModuleParts) =>
  createCardTokenizer({ gateway: paymentGateway, attempts: counter, attemptLimit: settings.cardAttemptLimit, log, now });

export const cardsModule: ApiModule = (parts) => {
  const cards = createCardsService({ repository: createCardsRepository(parts.db), tokenizer: cardTokenizerFrom(parts), now: parts.now });
  return {
    ownRoutes: async (scope) => {
      await scope.register(cardsRoutes, { cards, now: parts.now });
    },
  };
};

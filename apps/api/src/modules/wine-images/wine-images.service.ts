import { renderValidationMessage, type WineImage, type WineImageInput, type WineImageVariant } from '@winery/domain';
import { ApiError, fieldError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';
import { recordAudit, type AuditActor } from '../../shared/audit.js';
import { processUpload } from './image-processing.js';
import type { StoredWineImage, WineImagesRepository } from './wine-images.repository.js';

export function createWineImagesService(repository: WineImagesRepository, now: () => Date) {
  const wineNotFound = () => new ApiError('notFound', API_MESSAGES.wineNotFound);

  return {
    /** One width of a wine's picture, for anyone: the same 404 for another tenant's wine as for none. */
    async variant(tenantId: string, wineId: string, variant: WineImageVariant): Promise<StoredWineImage> {
      const stored = await repository.variant(tenantId, wineId, variant);
      if (!stored) throw new ApiError('notFound', API_MESSAGES.wineImageNotFound);
      return stored;
    },

    /**
     * Puts a new picture in place of the wine's current one (with `data`), or only changes what its
     * alt text says (without). The file is checked and resized before the transaction, so the
     * wine's row is locked only for the writes; the audit entry names the widths before and after.
     */
    async put(actor: AuditActor, wineId: string, input: WineImageInput): Promise<WineImage> {
      if (!(await repository.findWine(actor.tenantId, wineId))) throw wineNotFound();
      const variants = input.data === undefined ? null : await processUpload(Buffer.from(input.data, 'base64'));
      return repository.transaction(async (q, tx) => {
        if (!(await q.findWine(actor.tenantId, wineId, true))) throw wineNotFound();
        const before = await q.descriptor(actor.tenantId, wineId);
        const at = now();
        if (variants) {
          await q.replace(actor.tenantId, wineId, input.altText, variants, at);
        } else if (!(await q.describe(actor.tenantId, wineId, input.altText, at))) {
          throw fieldError('data', 'imageRequired', renderValidationMessage('imageRequired'));
        }
        const after = (await q.descriptor(actor.tenantId, wineId))!;
        await recordAudit(tx, actor, {
          action: variants ? 'wine.image.replace' : 'wine.image.describe',
          entityType: 'wine',
          entityId: wineId,
          before,
          after,
        });
        return after;
      });
    },

    /** Takes the picture away (pages show the estate's artwork again); nothing to take is not an error. */
    async remove(actor: AuditActor, wineId: string): Promise<void> {
      await repository.transaction(async (q, tx) => {
        if (!(await q.findWine(actor.tenantId, wineId, true))) throw wineNotFound();
        const before = await q.descriptor(actor.tenantId, wineId);
        if ((await q.remove(actor.tenantId, wineId)) === 0) return;
        await recordAudit(tx, actor, { action: 'wine.image.remove', entityType: 'wine', entityId: wineId, before, after: null });
      });
    },
  };
}

export type WineImagesService = ReturnType<typeof createWineImagesService>;

import type { ApiModule } from '../module-parts.js';
import { createWineImagesRepository } from './wine-images.repository.js';
import { wineImagesRoutes } from './wine-images.routes.js';
import { createWineImagesService } from './wine-images.service.js';

/** Wine pictures: anyone reads them (allocation page, vintage notes); staff upload and remove them. */
export const wineImagesModule: ApiModule = ({ db, now }) => ({
  routes: async (v1) => {
    await v1.register(wineImagesRoutes, { images: createWineImagesService(createWineImagesRepository(db), now) });
  },
});

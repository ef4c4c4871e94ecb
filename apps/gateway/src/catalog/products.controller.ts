import { Body, Controller, Get, Header, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import {
  type Actor,
  ProductAccessDto,
  type ProductAccessAnswer,
  type ProductsResponse,
  Subjects,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { Authenticated, CurrentActor, Public } from '../auth/auth.decorators';
import { perMinute } from '../http/rate-limit';
import { AUTHZ, Authz } from '../auth/authz.decorator';

/** Learner spec §2 (product cards), §3 Product, §6-7 product access: the catalog decides. */
@ApiTags('catalog')
@Controller()
export class ProductsController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get('products')
  @Authz(AUTHZ.everyone(200))
  @Public()
  @Throttle(perMinute(300))
  @Header('cache-control', 'public, max-age=60')
  @ApiOperation({ summary: 'The catalogue: every product with its includes, by section order.' })
  @ApiOkResponse({ description: '{ products: Product[] } (libs/contracts types/catalog.ts).' })
  products(): Promise<ProductsResponse> {
    return this.rpc.request(Subjects.catalog.listProducts, { actor: null });
  }

  @Post('check-product-access')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 })
  @Authenticated()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Whether the caller may open a product: free (price 0) or held, with the spec aliases (teas_math_qbank_full/_practice, med_dosage_simulations).',
  })
  @ApiOkResponse({ description: '{ authorized: boolean }' })
  checkProductAccess(
    @CurrentActor() actor: Actor,
    @Body() { productId }: ProductAccessDto,
  ): Promise<ProductAccessAnswer> {
    return this.rpc.request(Subjects.catalog.checkAccess, { actor, productId });
  }

  @Get('check-simulations-access')
  @Authz({ anonymous: 401, unverified: 403, learner: 200, otherLearner: 200, admin: 200 })
  @Authenticated()
  @ApiOperation({ summary: 'Whether the caller may use the pump simulations (Med Dosage QBank).' })
  @ApiOkResponse({ description: '{ authorized: boolean }' })
  checkSimulationsAccess(@CurrentActor() actor: Actor): Promise<ProductAccessAnswer> {
    return this.rpc.request(Subjects.catalog.checkSimulationsAccess, { actor });
  }
}

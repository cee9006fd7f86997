import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { AuditLog } from '../../lib/audit';
import { registerResource } from '../../resources/engine';
import type { UsersService } from '../users/service';
import { customerResource } from './customers.resource';
import { orderResource } from './orders.resource';
import { productResource } from './products.resource';
import { sellerResource } from './sellers.resource';

/** E-commerce: products, sellers, customers and orders, each through the resource engine. */
export function ecommerceRoutes(
  app: FastifyInstance,
  deps: { db: Database; audit: AuditLog },
  users: UsersService,
) {
  registerResource(app, deps, productResource(app.storage));
  registerResource(app, deps, sellerResource());
  registerResource(app, deps, customerResource());
  registerResource(app, deps, orderResource(users, app.storage));
}

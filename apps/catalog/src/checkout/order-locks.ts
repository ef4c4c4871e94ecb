import { KeyedMutex } from '@examprep/nest-kit';
import { Injectable } from '@nestjs/common';

/**
 * Reads, decisions and changes of one order run one at a time in this process. FerretDB 1.x
 * (the local and test database) does not make a conditional update atomic under concurrency
 * (20 concurrent `findOneAndUpdate({status: 'open'})` can all succeed), so the order's state
 * machine is serialised here; across replicas on MongoDB the repository's conditional updates
 * are atomic as well. Whatever races through anyway stays right: grants are keyed by order,
 * product and action, the purchase fact by session id.
 */
@Injectable()
export class OrderLocks {
  private readonly mutex = new KeyedMutex();

  run<T>(orderId: string, task: () => Promise<T>): Promise<T> {
    return this.mutex.run(orderId, task);
  }
}

import { Redis } from 'ioredis';

/** Removes a test run's keys (its own prefix) from the shared Redis, so runs leave nothing behind. */
export async function dropRedisKeys(redisUrl: string, keyPrefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

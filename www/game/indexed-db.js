// IndexedDB's callbacks as promises, for the page's stores (game-store.js, practice-store.js):
// opening a database (created or upgraded on first use), reading a request, and writing in a
// readwrite transaction that resolves only once the transaction has completed.

/** An IndexedDB request as a promise.
 * @template T
 * @param {IDBRequest<T>} request
 * @returns {Promise<T>} */
export function settled(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * The database `name` of this browser, `upgrade` creating its object stores on first use. Rejects
 * (with the browser's reason) when IndexedDB cannot be used: disabled, blocked by a policy, or broken.
 * @param {string} name
 * @param {number} version
 * @param {(db: IDBDatabase) => void} upgrade
 * @returns {Promise<IDBDatabase>}
 */
export async function openDatabase(name, version, upgrade) {
  if (typeof indexedDB === 'undefined') throw new Error('this browser has no IndexedDB');
  const request = indexedDB.open(name, version);
  request.onupgradeneeded = () => upgrade(request.result);
  const db = await settled(request);
  // A newer version of the page opened in another tab wants to upgrade: let it.
  db.onversionchange = () => db.close();
  return db;
}

/**
 * Runs `change` on the object store `storeName` in one readwrite transaction; resolves once the
 * transaction has completed (with `durability: 'strict'`, once it is on disk).
 * @param {IDBDatabase} db
 * @param {string} storeName
 * @param {(store: IDBObjectStore) => void} change
 * @param {{durability?: IDBTransactionDurability, action?: string}} [options] `action` names the
 *   change in the errors ("the write failed", "the deletion was aborted")
 * @returns {Promise<void>}
 */
export function inTransaction(db, storeName, change, { durability = 'default', action = 'write' } = {}) {
  return new Promise((resolve, reject) => {
    /** @type {IDBTransaction} */
    let transaction;
    try {
      transaction = db.transaction(storeName, 'readwrite', { durability });
      change(transaction.objectStore(storeName));
    } catch (error) {
      reject(error); // the database was closed, or the record cannot be cloned
      return;
    }
    transaction.oncomplete = () => resolve(undefined);
    transaction.onerror = () => reject(transaction.error ?? new Error(`the ${action} failed`));
    transaction.onabort = () => reject(transaction.error ?? new Error(`the ${action} was aborted`));
  });
}

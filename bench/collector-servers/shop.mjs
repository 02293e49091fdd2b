// Express 5 on PostgreSQL (pg), written the way users write it: a cart, then each of its 15 products one query
// after another (16 queries a request). PGPORT: the database's port (the bench fills the tables).
import './install.mjs';
import express from 'express';
import pg from 'pg';

const pool = new pg.Pool({ host: '127.0.0.1', port: Number(process.env.PGPORT), user: 'postgres', database: 'postgres', max: 4 });

async function loadProduct(id) {
  const { rows } = await pool.query('SELECT id, name, price FROM products WHERE id = $1', [id]);
  return rows[0];
}

async function loadCart(cartId) {
  const { rows } = await pool.query('SELECT product_id FROM cart_items WHERE cart_id = $1', [cartId]);
  const products = [];
  for (const row of rows) products.push(await loadProduct(row.product_id));
  return products;
}

const app = express();
app.get('/cart', async (req, res) => res.json(await loadCart(1)));
app.listen(0, '127.0.0.1', function () {
  console.log(`listening on ${this.address().port}`);
});

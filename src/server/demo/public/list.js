/* global document, localStorage, location */
const USER_KEY = 'demo-app-user';
const user = localStorage.getItem(USER_KEY);
if (user === null) location.replace('./');

const items = document.getElementById('items');
const count = document.getElementById('count');
document.getElementById('welcome').textContent = `Signed in as ${user ?? ''}`;

function showCount() {
  const total = items.children.length;
  count.textContent = `${total} ${total === 1 ? 'item' : 'items'}`;
}

document.getElementById('add-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = document.getElementById('new-item');
  const name = input.value.trim();
  if (name === '') return;
  const item = document.createElement('li');
  item.textContent = name;
  item.dataset.category = document.getElementById('category').value;
  if (document.getElementById('urgent').checked) item.classList.add('urgent');
  items.append(item);
  input.value = '';
  showCount();
});

document.getElementById('sign-out').addEventListener('click', () => {
  localStorage.removeItem(USER_KEY);
  location.assign('./');
});

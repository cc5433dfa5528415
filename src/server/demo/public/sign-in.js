/* global document, localStorage, location */
// The demo app's only account is demo / demo; a successful sign-in is remembered for the list page.
const USER_KEY = 'demo-app-user';
const form = document.getElementById('sign-in-form');
const error = document.getElementById('error');

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const user = document.getElementById('username').value.trim();
  const password = document.getElementById('password').value;
  if (user === 'demo' && password === 'demo') {
    localStorage.setItem(USER_KEY, user);
    location.assign('list.html');
    return;
  }
  error.hidden = false;
});

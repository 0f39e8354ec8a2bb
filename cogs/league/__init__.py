"""The league's Discord side, shared by the commands that use it: the league service's outbox
(``outbox.py``), the sign-up message's and an invitation's buttons (``signup.py``), and the
clock that asks the service for the work that came due and registers those buttons
(``clock.py``, an extension of its own)."""
